import { serveThread } from '../jobs/thread-pool';
import { PDF_DRAWERS, type PdfDrawers } from './pdf-drawers';

/** The PDF thread: draws one report at a time with the method's drawer, off the server's event loop. */
serveThread<{ drawer: keyof PdfDrawers; args: unknown[] }, Uint8Array>(async ({ drawer, args }) => {
  const draw = PDF_DRAWERS[drawer] as (...args: unknown[]) => Promise<Buffer>;
  const pdf = await draw(...args);
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  // The PDF's bytes are moved to the server, not copied, when they fill their buffer alone.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return { output: bytes, transfer: whole ? [bytes.buffer as ArrayBuffer] : [] };
});
