/** The reader's time zone when the request names none: China's for Chinese, UTC otherwise. */
export function defaultTimeZone(lang: 'zh' | 'en'): string {
  return lang === 'zh' ? 'Asia/Shanghai' : 'UTC';
}

/** `2026-11-22 22:05:09 (Asia/Shanghai, UTC+08:00)`: a time as the reader's clock shows it, saying which clock. */
export function formatTime(value: Date | string | null, timeZone: string): string {
  if (!value) return '—';
  const at = new Date(value);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? 'UTC+00:00' : String(parts.timeZoneName).replace('GMT', 'UTC');
  const zone = timeZone === 'UTC' ? 'UTC' : `${timeZone}, ${offset}`;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} (${zone})`;
}
