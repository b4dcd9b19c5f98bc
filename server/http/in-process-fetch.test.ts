import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { inProcessFetch, renderFor } from './pages';

const app = Fastify();
app.get('/api/who', async (request) => ({ ip: request.ip }));
afterAll(() => app.close());

it("reads made while rendering a page come from the visitor's address, so they count against the visitor's share", async () => {
  const api = inProcessFetch(app);
  const asVisitor = await renderFor('2001:db8:1:2::7', async () => (await api('/api/who')).json());
  expect(asVisitor).toEqual({ ip: '2001:db8:1:2::7' });
  expect(await (await api('/api/who')).json()).toEqual({ ip: '127.0.0.1' });
});
