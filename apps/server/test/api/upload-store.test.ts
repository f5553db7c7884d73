// Uploads kept for their jobs (issue 17, R2): on the embedded database as files named by their
// SHA-256 under MDC_HOME/uploads, the row naming the file; on PostgreSQL in the row. Real input:
// the shared test assembly of Helicobacter pylori (NCBI RefSeq, see the genome manifest).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genomeFile, insertGenomeReferences } from '../../src/blast/genome/test-genomes';
import { deleteExpiredAnonymousTasks } from '../../src/blast/tasks';
import { sweepUploads, uploadsDir } from '../../src/blast/upload-store';
import { finished, upload } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';

const pylori = () => genomeFile('T13_Helicobacter_pylori');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every file under the upload store, temporary ones included (relative paths). */
function storedFiles(portal: TestPortal): string[] {
  const dir = uploadsDir(portal.home);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

async function inputRow(portal: TestPortal, taskId: string) {
  const rows = await portal.db.query<{ content: Uint8Array | null; stored_path: string | null; size: number; sha256: string }>(
    'SELECT content, stored_path, size, sha256 FROM blast_input WHERE task_id = $1',
    [taskId],
  );
  return rows[0];
}

describe.each(dbKinds)('uploads kept for their jobs on %s', (kind) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startPortal(kind, { MDC_BLAST_THREADS: '1' });
    await insertGenomeReferences(portal.db, ['R29_Helicobacter_pylori']);
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('keeps the upload where the job reads it, and the job identifies it', async () => {
    const file = pylori();
    const submit = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [file]);
    expect(submit.status).toBe(200);
    const row = (await inputRow(portal, submit.body.data.id))!;
    expect(Number(row.size)).toBe(file.bytes.length);
    expect(row.sha256).toBe(sha256(file.bytes));
    if (kind === 'pglite') {
      // The bytes are not in the row but in the file store, under their hash.
      expect(row.content).toBeNull();
      expect(row.stored_path).toBe(`${row.sha256.slice(0, 2)}/${row.sha256}`);
      expect(readFileSync(path.join(uploadsDir(portal.home), row.stored_path!)).equals(file.bytes)).toBe(true);
      expect(storedFiles(portal)).toEqual([row.stored_path]);
    } else {
      expect(row.stored_path).toBeNull();
      expect(Buffer.from(row.content!).equals(file.bytes)).toBe(true);
      expect(storedFiles(portal)).toEqual([]);
    }
    const task = await finished(portal, submit.body.data.id);
    expect(task.status).toBe('done');
    expect(task.genome.call).toMatchObject({ level: 'species', species: 'Helicobacter pylori' });
  });

  it('keeps the same bytes once, and removes them with the last task that holds them', async () => {
    const file = pylori();
    const first = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [file]);
    const second = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [file]);
    await finished(portal, first.body.data.id);
    await finished(portal, second.body.data.id);
    const place = (await inputRow(portal, first.body.data.id))!.stored_path;
    expect((await inputRow(portal, second.body.data.id))!.stored_path).toBe(place);
    const before = storedFiles(portal);

    const removeFirst = await call(portal, 'POST', `/api/blast/tasks/${first.body.data.id}/delete`, { token: first.body.data.token });
    expect(removeFirst.status).toBe(200);
    expect(await inputRow(portal, first.body.data.id)).toBeUndefined();
    // The other task still names the file.
    expect(storedFiles(portal)).toEqual(before);
    expect((await finished(portal, second.body.data.id)).status).toBe('done');

    expect((await call(portal, 'POST', `/api/blast/tasks/${second.body.data.id}/delete`, { token: second.body.data.token })).status).toBe(200);
    if (kind === 'pglite') {
      expect(before).toContain(place);
      // The earlier test's task still holds the same bytes: the file stays until it goes too.
      const others = await portal.db.query('SELECT 1 FROM blast_input WHERE stored_path = $1', [place]);
      expect(existsSync(path.join(uploadsDir(portal.home), place!))).toBe(others.length > 0);
      await portal.db.query("UPDATE blast_task SET created_at = now() - interval '40 days' WHERE user_id IS NULL");
      expect(await deleteExpiredAnonymousTasks(portal.db, portal.home, 30)).toBeGreaterThan(0);
      expect(storedFiles(portal)).toEqual([]);
    }
  });

  it('leaves nothing of an upload that is refused, cut off or too large', async () => {
    const before = storedFiles(portal);
    const tasks = (await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task'))[0]!.n;
    // Refused by its content: a 16S gene is not an assembly.
    const gene = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [{ name: '16S.fasta', bytes: Buffer.from(`>gene\n${'ACGTTGCAAGGCTTCA'.repeat(100)}\n`) }]);
    expect(gene.status).toBe(400);
    // Refused while arriving: the 21st assembly passes the method's 20 files, after 20 were written.
    const file = pylori();
    const many = await upload(portal, '/api/blast/tasks', { method: 'genome' }, Array.from({ length: 21 }, (_, i) => ({ name: `${i}.fna.gz`, bytes: file.bytes })));
    expect(many.status).toBe(413);
    // Cut off half-way: the form ends inside the file.
    const form = new FormData();
    form.append('method', 'genome');
    form.append('file', new Blob([file.bytes]), file.name);
    const request = new Request('http://portal.test/', { method: 'POST', body: form });
    const whole = Buffer.from(await request.arrayBuffer());
    const cut = await portal.app.inject({
      method: 'POST',
      url: '/api/blast/tasks',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: whole.subarray(0, Math.floor(whole.length / 2)),
    });
    expect(cut.statusCode).toBeGreaterThanOrEqual(400);
    expect(storedFiles(portal)).toEqual(before);
    expect((await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM blast_task'))[0]!.n).toBe(tasks);
  });

  it.runIf(kind === 'pglite')('clears stored files no task names any more, and leaves recent ones alone', async () => {
    const kept = await upload(portal, '/api/blast/tasks', { method: 'genome' }, [pylori()]);
    await finished(portal, kept.body.data.id);
    const keptPlace = (await inputRow(portal, kept.body.data.id))!.stored_path!;
    const dir = uploadsDir(portal.home);
    // What a deleted account's tasks or a stopped server leave behind.
    const orphan = `ab/${'ab'.repeat(32)}`;
    const fresh = `cd/${'cd'.repeat(32)}`;
    mkdirSync(path.join(dir, 'ab'), { recursive: true });
    mkdirSync(path.join(dir, 'cd'), { recursive: true });
    mkdirSync(path.join(dir, 'tmp'), { recursive: true });
    writeFileSync(path.join(dir, orphan), 'left behind');
    writeFileSync(path.join(dir, fresh), 'being uploaded');
    writeFileSync(path.join(dir, 'tmp', 'old.part'), 'half');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [orphan, keptPlace, 'tmp/old.part']) utimesSync(path.join(dir, file), hourAgo, hourAgo);
    expect(await sweepUploads(portal.db, dir)).toBe(2);
    expect(storedFiles(portal)).toEqual([keptPlace, fresh].sort());
  });
});
