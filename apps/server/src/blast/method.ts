import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Locale } from '@mdc/contracts';
import type { IdentificationCall, IdentificationMethod, LocalizedText } from '@mdc/core/identify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import type { TaskRow } from './tasks';
import type { SpooledUpload } from './upload-store';

/** What a method's code may use: the database, the configuration and the log of its process. */
export interface MethodContext {
  db: Db;
  config: Config;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * What one submission of a method may upload. The frame counts and measures multipart parts as
 * they arrive and refuses the request the moment one of `files`, `fileBytes` or `totalBytes` is
 * passed, so nothing beyond them is ever held. `unpackedBytes` (archives, gzip) and `points`
 * (bases, peaks) are checked by the method's readers and said in /api/blast/info.
 */
export interface UploadLimits {
  /** Files in one submission. */
  files: number;
  /** Bytes of one file as sent. */
  fileBytes: number;
  /** Bytes of all files of one submission as sent. */
  totalBytes: number;
  /** Bytes of all files once unpacked (zip, gzip). */
  unpackedBytes?: number;
  /** Data points of one submission: bases of an assembly, peaks of the spectra. */
  points?: number;
  /** The method's own sentence when more than `files` files come (e.g. "pack the spectra into one zip"). */
  tooManyFiles?: LocalizedText;
}

/** A file sent with a submission (multipart upload). */
export interface UploadedFile {
  field: string;
  fileName: string;
  bytes: Buffer;
  /** The same bytes written to a temporary file as they arrived (embedded database: see upload-store.ts). */
  spooled?: SpooledUpload;
}

/** A submission as the frame received it: the form or JSON fields, and the uploaded files. */
export interface Submission {
  method: IdentificationMethod;
  fields: Record<string, unknown>;
  files: UploadedFile[];
  locale: Locale;
  userId: number | null;
}

/**
 * A submission the method has checked and accepted. Nothing has been written yet: the frame
 * writes the task, calls `store` in the same transaction for the method's own rows, and queues
 * the job — all or nothing.
 */
export interface Accepted {
  itemCount: number;
  source: 'text' | 'file';
  fileName: string | null;
  /** What the method keeps of its input on the task row (sample name, sizes, panel …). */
  input?: unknown;
  store?(tx: Queryable, taskId: string): Promise<void>;
  /** Extra fields for the submit answer (e.g. `sequenceCount` of the 16S/18S API). */
  answer?: Record<string, unknown>;
  /** Extra fields for the log line of the submission. */
  log?: Record<string, unknown>;
}

export interface MethodInfo extends Record<string, unknown> {
  method: IdentificationMethod;
  references: number;
  species: number;
}

/** What an export request says about its reader. */
export interface ExportOptions {
  /** IANA time zone (e.g. Asia/Shanghai), already checked to be one; absent: the language's default. */
  timeZone?: string;
}

import type { Outcome } from './outcome';
export type { Outcome };

/**
 * An identification method plugged into the frame. The frame owns tasks, the queue, the history,
 * the result route, claims and retention; the method owns its input, engine, stored results,
 * result payload and exports. One object may serve several method ids that share an engine
 * (16S and 18S).
 */
export interface BlastMethod {
  ids: readonly IdentificationMethod[];
  /** What the method's figure of merit is, for the history's call. */
  measure: IdentificationCall['measure'];
  /** What one submission may upload; methods without uploads leave it out (their multipart files are refused). */
  uploads?: UploadLimits;
  /**
   * Files one task takes: 1 makes an upload of several files one task per file (an assembly, a
   * spectrum); otherwise the files of an upload are one task (sequences of a plate).
   */
  filesPerTask?: 1;
  /** Checks a submission; throws an ApiError with a message in the request's language when refused. */
  accept(submission: Submission, context: MethodContext): Promise<Accepted>;
  /**
   * Works a queued task. Returns the outcome; `store` (when given) writes the method's own result
   * rows in the transaction that closes the task, so a task is never done without its results.
   */
  run(task: TaskRow, context: MethodContext & { workerId: string }): Promise<{ outcome: Outcome; store?(tx: Queryable): Promise<void>; log?: Record<string, unknown> }>;
  /** The method's part of GET /api/blast/tasks/:id (merged into the frame's fields). */
  detail(task: TaskRow, context: MethodContext, query: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Zod fields (all optional) that `detail` may add, for the API document and the serializer. */
  detailShape: z.ZodRawShape;
  /** Query parameters GET /api/blast/tasks/:id accepts for this method (e.g. hit order). */
  detailQueryShape?: z.ZodRawShape;
  exportCsv(task: TaskRow, context: MethodContext, locale: Locale): Promise<string>;
  /** `options.timeZone`: the reader's IANA time zone (the request's `tz`), for the times printed. */
  exportPdf(task: TaskRow, context: MethodContext, locale: Locale, options?: ExportOptions): Promise<Buffer>;
  /**
   * What /api/blast/info tells about the method: an entry per method id (reference counts and
   * whatever else the dialog needs: limits, thresholds), and fields of its own at the top level.
   */
  info(context: MethodContext): Promise<{ methods: MethodInfo[]; fields?: Record<string, unknown> }>;
  /** Zod fields of those top-level info fields, for the API document. */
  infoShape?: z.ZodRawShape;
  /** The method's own endpoints (sample input, alignments, reference libraries …). */
  routes?: FastifyPluginAsyncZod<{ context: MethodContext }>;
  /** Prepares indexes once the server listens, so that the first task does not wait for them. */
  warmUp?(context: MethodContext): Promise<void>;
  /** Frees threads and memory of this database's indexes. */
  close?(db: Db): Promise<void>;
  /** `mdc identify --method <id>`: the method's command line. */
  command?(method: IdentificationMethod, argv: string[]): Promise<void>;
}
