import { serveThread } from '../jobs/thread-pool';
import { writeBreakpointFile, type BreakpointFileRequest } from './breakpoint-file';

/** The breakpoint file thread: writes one download of the breakpoint table at a time, off the server's event loop. */
serveThread<BreakpointFileRequest, Uint8Array>(async (request) => {
  const file = await writeBreakpointFile(request);
  const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  // Moved to the server, not copied, when the bytes fill their buffer alone.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return { output: bytes, transfer: whole ? [bytes.buffer as ArrayBuffer] : [] };
});
