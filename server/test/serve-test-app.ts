/**
 * A test app as a process of its own, for measurements that must be made from outside the server (a client sharing the
 * server's event loop would also be timing the work the server does after answering). `TEST_APP_ENV` is the app's
 * configuration and `TEST_APP_USERS` the accounts to create, both JSON. Prints `listening at <origin>`, then serves
 * until it is killed.
 */
import { terminal } from '../lib/terminal';
import { createTestApp, createUser } from './harness';

const t = await createTestApp(JSON.parse(process.env.TEST_APP_ENV ?? '{}') as Record<string, string>, { holdAnswersForMessages: false });
for (const user of JSON.parse(process.env.TEST_APP_USERS ?? '[]') as Parameters<typeof createUser>[1][]) await createUser(t.db, user);
const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
terminal.say(`listening at ${origin}`);
process.once('SIGTERM', () => void t.close().then(() => process.exit(0)));
