import { describe, expect, it } from 'vitest';
import { runExtraction } from '../src/modules/cvs/cv-extraction';

describe('runExtraction hands the file to its worker', () => {
  it('moves bytes that own their memory instead of copying them (a 10 MB CV is not held twice)', async () => {
    const bytes = Buffer.alloc(64 * 1024, 'a');
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    const text = await runExtraction({ task: 'text', type: 'txt', bytes });
    expect(text).toBe('a'.repeat(64 * 1024));
    // Transferred: the caller's view is detached.
    expect(bytes.byteLength).toBe(0);
  });

  it("copies a slice of Node's shared buffer pool, which other buffers live in too", async () => {
    const bytes = Buffer.from('Jane Doe, welder');
    const neighbour = Buffer.from('still here');
    expect(bytes.byteLength).toBeLessThan(bytes.buffer.byteLength);
    expect(await runExtraction({ task: 'text', type: 'txt', bytes })).toBe('Jane Doe, welder');
    expect(bytes.toString()).toBe('Jane Doe, welder');
    expect(neighbour.toString()).toBe('still here');
  });
});
