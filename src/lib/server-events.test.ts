import { describe, expect, it } from 'vitest';
import { readServerEvents } from './server-events';

/** A body that arrives in the given pieces, split anywhere (inside a line, inside a character). */
function bodyOf(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
}

describe('readServerEvents', () => {
  it('calls back once per event with its name and data, across pieces, skipping comments and retry', async () => {
    const taka = new TextEncoder().encode('৳');
    const events: [string, string][] = [];
    await readServerEvents(
      bodyOf([
        'retry: 3000\n: open\n\n',
        'event: order\ndata: {"orderId":"o1",',
        '"to":"shipped"}\n\n',
        ': keep-alive\r\n\r\n',
        'data: ',
        taka.slice(0, 1),
        taka.slice(1),
        '\n\n',
      ]),
      (event, data) => events.push([event, data]),
    );
    expect(events).toEqual([
      ['order', '{"orderId":"o1","to":"shipped"}'],
      ['message', '৳'],
    ]);
  });
});
