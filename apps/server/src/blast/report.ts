import { existsSync } from 'node:fs';
import type { Language } from '@mdc/core/identify';

const CJK_FONTS = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf', undefined],
  ['/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
] as const;

/** The Noto CJK font Debian's fonts-noto-cjk installs, when it is there. */
export function cjkFont(): { file: string; family?: string } | undefined {
  for (const [file, family] of CJK_FONTS) if (existsSync(file)) return family ? { file, family } : { file };
  return undefined;
}

/** Whether the server can write a correct PDF in this language (Chinese needs the CJK font). */
export function pdfAvailable(lang: Language): boolean {
  return lang === 'en' || cjkFont() !== undefined;
}
