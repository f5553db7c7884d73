import { ApiCode, messageFor } from '@mdc/contracts';
import type { LocalizedText } from '@mdc/core/identify';
import { ApiError } from '../http/envelope';
import type { Accepted, BlastMethod, MethodContext, Submission, UploadedFile } from './method';

/** A file of a batch the method refused, with its reason in both languages. */
export interface RefusedItem {
  fileName: string;
  reason: LocalizedText;
}

export interface BatchAcceptance {
  /** What becomes a task: one group for most methods, one per file for methods that take one file a task. */
  groups: { accepted: Accepted; files: UploadedFile[] }[];
  refused: RefusedItem[];
}

const isLocalized = (value: unknown): value is LocalizedText =>
  typeof value === 'object' && value !== null && typeof (value as LocalizedText).zh === 'string' && typeof (value as LocalizedText).en === 'string';

/**
 * A refusal of the uploaded input (not of the server — no references, a failed write — and not
 * of another form field, which no file can be blamed for).
 */
function inputRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 413)) return false;
  const fields = (error.data as { fields?: Record<string, unknown> } | null)?.fields;
  return !fields || Object.keys(fields).every((name) => name === 'file');
}

/** The reason of a refusal: the specific detail when the method gave one, else its message. */
export function reasonOf(error: ApiError): LocalizedText {
  const detail = (error.data as { detail?: unknown } | null)?.detail;
  if (isLocalized(detail)) return detail;
  return error.texts ?? { zh: messageFor(error.code, 'zh'), en: messageFor(error.code, 'en') };
}

/** The item's reason, led by its file name unless it names it already. */
export function refusedText(item: RefusedItem): LocalizedText {
  const named = (text: string) => text.startsWith(item.fileName);
  return {
    zh: named(item.reason.zh) ? item.reason.zh : `${item.fileName}：${item.reason.zh}`,
    en: named(item.reason.en) ? item.reason.en : `${item.fileName}: ${item.reason.en}`,
  };
}

/** Every file refused: the headline says so and carries the first reason; `data.refused` has them all. */
function nothingAccepted(refused: RefusedItem[]): ApiError {
  const first = refusedText(refused[0]!);
  const more = refused.length - 1;
  const message = {
    zh: `${refused.length} 个文件均无法鉴定：${first.zh}${more ? `（另有 ${more} 个文件，原因见下）` : ''}`,
    en: `None of the ${refused.length} files can be identified: ${first.en}${more ? ` (and ${more} more, reasons below)` : ''}`,
  };
  return new ApiError(ApiCode.BAD_REQUEST, 400, message, {
    fields: { file: message },
    refused: refused.map((r) => ({ fileName: r.fileName, reason: r.reason })),
  });
}

/**
 * Accepts what a submission of several files can give: a batch answers every item it can and
 * names each refused one. A method that takes one file a task gets each file on its own; any other
 * gets them together, and when it refuses the whole, each file is tried alone to find the ones at
 * fault, and the rest are submitted without them. Refused files are never stored; a combination
 * that fails though every file passes alone (too many sequences in all) is refused as a whole.
 */
export async function acceptBatch(method: BlastMethod, submission: Submission, context: MethodContext): Promise<BatchAcceptance> {
  const files = submission.files;
  const alone = (file: UploadedFile): Submission => ({ ...submission, files: [file] });
  const refusedFile = (file: UploadedFile, error: ApiError): RefusedItem => ({ fileName: file.fileName || 'upload', reason: reasonOf(error) });

  if (method.filesPerTask === 1 && files.length > 1) {
    const groups: BatchAcceptance['groups'] = [];
    const refused: RefusedItem[] = [];
    for (const file of files) {
      try {
        groups.push({ accepted: await method.accept(alone(file), context), files: [file] });
      } catch (error) {
        if (!inputRefusal(error)) throw error;
        refused.push(refusedFile(file, error));
      }
    }
    if (groups.length === 0) throw nothingAccepted(refused);
    return { groups, refused };
  }

  try {
    return { groups: [{ accepted: await method.accept(submission, context), files }], refused: [] };
  } catch (whole) {
    if (!inputRefusal(whole) || files.length < 2) throw whole;
    const refused: RefusedItem[] = [];
    const rest: UploadedFile[] = [];
    for (const file of files) {
      try {
        await method.accept(alone(file), context);
        rest.push(file);
      } catch (error) {
        if (!inputRefusal(error)) throw error;
        refused.push(refusedFile(file, error));
      }
    }
    if (refused.length === 0) throw whole;
    if (rest.length === 0) throw nothingAccepted(refused);
    return { groups: [{ accepted: await method.accept({ ...submission, files: rest }, context), files: rest }], refused };
  }
}
