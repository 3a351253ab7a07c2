// The usage period is the calendar month in the server's configured time zone. Intl gives the
// local year/month of an instant; the first instant of a month is found by binary search, which
// stays correct across DST changes and zones whose offset is not a whole hour. UTC, the default
// zone, needs no Intl: a Date's UTC fields are its months. The first Intl.DateTimeFormat of a
// process reads ICU's calendar and zone data, 4.8 MB of the node binary's pages that then stay
// resident (bench row 11: its SQLite servers peaked at 185-202 MB against a 200 MB goal).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** year * 12 + month index of the instant in the time zone, so months compare as integers. */
function monthIndex(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') {
    const date = new Date(ms);
    return date.getUTCFullYear() * 12 + date.getUTCMonth();
  }
  let year = 0;
  let month = 0;
  for (const part of formatter(timeZone).formatToParts(ms)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
  }
  return year * 12 + (month - 1);
}

/** The first millisecond at which the local month index reaches `index`. */
function monthStart(index: number, timeZone: string): number {
  const utcStart = Date.UTC(Math.floor(index / 12), index % 12, 1);
  // UTC offsets lie within -12 h .. +14 h: the local month starts inside this window.
  let lo = utcStart - 15 * 3_600_000;
  let hi = utcStart + 13 * 3_600_000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (monthIndex(mid, timeZone) >= index) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface Period {
  /** First millisecond of the month (epoch ms). */
  start: number;
  /** Last millisecond of the month (epoch ms). */
  end: number;
}

// The last period computed per zone: ticket creates under a monthly limit ask for it every time,
// and it only changes once a month. A pure memo: the answer depends only on the arguments.
const lastPeriod = new Map<string, Period>();

export function periodOf(now: number, timeZone: string): Period {
  const cached = lastPeriod.get(timeZone);
  if (cached && now >= cached.start && now <= cached.end) return { ...cached };
  const index = monthIndex(now, timeZone);
  const period = { start: monthStart(index, timeZone), end: monthStart(index + 1, timeZone) - 1 };
  lastPeriod.set(timeZone, period);
  return { ...period };
}
