import { serveThread } from '../jobs/thread-pool';
import { batchDownload, batchFileFacts, type BatchDownloadRequest, type BatchFileFacts } from './download';

/** The download thread: writes one batch's result file at a time (or reads an uploaded file for its counts), off the server's event loop. */
serveThread<BatchDownloadRequest | { facts: string }, Uint8Array | BatchFileFacts>(async (request) => {
  if ('facts' in request) return { output: batchFileFacts(request.facts) };
  const file = await batchDownload(request);
  const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  // Moved to the server, not copied, when the bytes fill their buffer alone.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return { output: bytes, transfer: whole ? [bytes.buffer as ArrayBuffer] : [] };
});
