import pg from 'pg';

// What PostgreSQL's autovacuum does in production, done by the benchmark itself, for a server where it
// is off (`autovacuum = off`, as a test database server is often set up). Without it the tables
// that start empty in the seeded data (events, webhooks, webhook_deliveries) keep the statistics of
// an empty table while rows 3-5 add tens of thousands of rows, and the statements prepared while
// they were small keep their plans: sequential scans of the whole table, for every claim, that no
// production server would run past its first ANALYZE (autovacuum analyzes a table once 50 + 10 % of
// its rows changed). The same thresholds as autovacuum's defaults, checked every 5 s (autovacuum's
// naptime is a minute, but a production table is not a few seconds old: its statistics are current).
// The work it does runs on the database server, as autovacuum's would, and is counted in the rows.

const THRESHOLDS = {
  analyze: { base: 50, scale: 0.1 },
  vacuum: { base: 50, scale: 0.2 },
  insertVacuum: { base: 1000, scale: 0.2 },
};

interface TableStats {
  relname: string;
  reltuples: number;
  n_mod_since_analyze: number;
  n_dead_tup: number;
  n_ins_since_vacuum: number;
}

/** The tables autovacuum would vacuum or analyze now, by its default thresholds. */
export function dueMaintenance(t: TableStats): { vacuum: boolean; analyze: boolean } {
  const rows = Math.max(0, t.reltuples);
  const over = (n: number, th: { base: number; scale: number }) => n > th.base + th.scale * rows;
  return {
    vacuum: over(t.n_dead_tup, THRESHOLDS.vacuum) || over(t.n_ins_since_vacuum, THRESHOLDS.insertVacuum),
    analyze: over(t.n_mod_since_analyze, THRESHOLDS.analyze),
  };
}

export interface Autovacuum {
  /** Maintenance statements run so far, e.g. ['ANALYZE webhook_deliveries', …]. */
  readonly runs: string[];
  stop(): Promise<void>;
}

/** Runs autovacuum's default thresholds against the database at `url` every `intervalMs` until stopped. */
export function emulateAutovacuum(url: string, intervalMs = 5000): Autovacuum {
  const runs: string[] = [];
  let stopped = false;
  let wake = () => {};
  const loop = (async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      while (!stopped) {
        await new Promise<void>((r) => {
          const timer = setTimeout(r, intervalMs);
          wake = () => (clearTimeout(timer), r());
        });
        if (stopped) break;
        const { rows } = await c.query<TableStats>(`
          select s.relname, c.reltuples::float8 as reltuples, s.n_mod_since_analyze::float8 as n_mod_since_analyze,
                 s.n_dead_tup::float8 as n_dead_tup, s.n_ins_since_vacuum::float8 as n_ins_since_vacuum
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid`);
        for (const t of rows) {
          // float8: node-postgres returns numbers (bigint counters would come back as strings).
          const due = dueMaintenance(t);
          const statement = due.vacuum
            ? `VACUUM (ANALYZE) ${pg.escapeIdentifier(t.relname)}`
            : due.analyze
              ? `ANALYZE ${pg.escapeIdentifier(t.relname)}`
              : null;
          if (statement === null || stopped) continue;
          await c.query(statement);
          runs.push(statement);
        }
      }
    } catch (e) {
      if (!stopped) process.stderr.write(`autovacuum emulation stopped: ${e}\n`);
    } finally {
      await c.end();
    }
  })();
  return {
    runs,
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
