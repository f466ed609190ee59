// Calendar and duration parsing for worklogs: dates, clock times and Jira/ISO-8601 durations, with anchored, bounded patterns only.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_DURATION = /^PT(?:(\d{1,5}(?:\.\d{1,4})?)H)?(?:(\d{1,6}(?:\.\d{1,4})?)M)?(?:(\d{1,7}(?:\.\d{1,4})?)S)?$/i;
const JIRA_DURATION = /^(?:(\d{1,5}(?:\.\d{1,4})?) ?h)? ?(?:(\d{1,6}(?:\.\d{1,4})?) ?m)?$/i;
const CLOCK_DURATION = /^(\d{1,3}):([0-5]\d)$/;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a valid YYYY-MM-DD date, else null (2026-02-30 is not a date). */
export function epochDay(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

/** ISO weekday, 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: number): number {
  // 1970-01-01 was a Thursday (4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Minutes after midnight for HH:MM or HH:MM:SS; 24:00 only where allowed (an end time). */
export function clockMinutes(value: string, allow24 = false): number | null {
  const m = CLOCK.exec(value);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  const s = m[3] === undefined ? 0 : Number(m[3]);
  if (min > 59 || s > 59) return null;
  if (h === 24 && allow24 && min === 0 && s === 0) return 1440;
  if (h > 23) return null;
  return h * 60 + min + s / 60;
}

/**
 * Minutes in a duration: a number is minutes already; strings may be "1h 30m", "90m", "1.5h", "PT1H30M" or
 * "1:30", with an optional leading minus (negative durations are reported by a rule, not refused).
 */
export function durationMinutes(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  let text = value.trim();
  let sign = 1;
  if (text.startsWith('-')) {
    sign = -1;
    text = text.slice(1).trim();
  }
  if (text === '') return null;
  let m = ISO_DURATION.exec(text);
  if (m && (m[1] !== undefined || m[2] !== undefined || m[3] !== undefined)) {
    return sign * (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) + Number(m[3] ?? 0) / 60);
  }
  m = JIRA_DURATION.exec(text);
  if (m && (m[1] !== undefined || m[2] !== undefined)) {
    return sign * (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0));
  }
  m = CLOCK_DURATION.exec(text);
  if (m) return sign * (Number(m[1]) * 60 + Number(m[2]));
  return null;
}

/** "09:00" style label for minutes after midnight (may exceed 24 h for spans that run past midnight). */
export function clockLabel(minutes: number): string {
  const whole = Math.round(minutes);
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
