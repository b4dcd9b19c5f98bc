import { drawSmaller, offscreenCanvas, type ShrinkReply } from './pictures';

/** Shrinks one picture sent by the page (`pictureToSend`) and answers the smaller one, or why it could not. */
self.onmessage = async (event: MessageEvent<{ file: Blob; type: string }>) => {
  const { file, type } = event.data;
  let reply: ShrinkReply;
  try {
    reply = { blob: await drawSmaller(file, type, offscreenCanvas) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
