import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReloadForChunk } from './chunk-reload';

describe('isChunkLoadError', () => {
  it('recognises the messages of the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: '' })).toBe(true);
  });
  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('mayReloadForChunk', () => {
  const minute = 60_000;
  it('reloads when no reload is on record', () => {
    expect(mayReloadForChunk(null, 1_000_000, minute)).toBe(true);
    expect(mayReloadForChunk('garbage', 1_000_000, minute)).toBe(true);
  });
  it('refuses a second reload within the interval', () => {
    expect(mayReloadForChunk('1000000', 1_000_000 + minute - 1, minute)).toBe(false);
  });
  it('allows it again once the interval has passed', () => {
    expect(mayReloadForChunk('1000000', 1_000_000 + minute, minute)).toBe(true);
  });
  it('is not blocked by a timestamp from the future', () => {
    expect(mayReloadForChunk('9000000', 1_000_000, minute)).toBe(true);
  });
});
