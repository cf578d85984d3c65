// What a PostgreSQL database's sessions wait on while a benchmark runs: pg_stat_activity sampled
// every 50 ms on a connection of its own (the active sessions of the database but this one), each
// sample counted as 'wait type:event' (or 'CPU:-') with the statement's first 40 characters.
import pg from 'pg';

export const sampleWaits = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const waits = new Map<string, number>();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const r = await client.query<{ w: string }>(
        `select coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '-') || ' ' ||
           left(regexp_replace(query, '\\s+', ' ', 'g'), 40) as w
         from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      for (const { w } of r.rows) waits.set(w, (waits.get(w) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    /** The most frequent waits since the last call (or the start), one indented line each. */
    top(count = 8) {
      const top = [...waits].sort((a, b) => b[1] - a[1]).slice(0, count);
      waits.clear();
      return top.map(([what, n]) => `      ${String(n).padStart(4)} × ${what}`).join('\n');
    },
    clear() {
      waits.clear();
    },
    async stop() {
      sampling = false;
      await sampler;
      await client.end();
    },
  };
};
