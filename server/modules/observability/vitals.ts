import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { VitalEvent, VitalsReport } from '../../../contract/client-events';
import { CONNECTION_TYPES, VITAL_GOALS, VITAL_NAMES, type VitalName } from '../../../contract/vitals';
import type { Db } from '../../db/client';
import { clientVitals } from '../../db/schema';
import { dhakaDay, dhakaMidnight } from '../admin/dhaka-time';
import { addInto, bucketOf, emptyHistogram, p75 } from './histogram';

/** Days of figures kept, today included; older rows are deleted as new samples arrive. */
export const VITALS_KEPT_DAYS = 35;
/**
 * Pages a day's figures hold at most; samples of further route patterns count under OTHER_PAGES. The browser names
 * the pattern, so without a bound any client could add rows without end.
 */
export const PAGES_PER_DAY = 100;
export const OTHER_PAGES = '(other)';

type Key = { day: string; route: string; connection: string; metric: VitalName };

/** Adds a batch's samples to today's histograms, one upsert for the batch, and deletes days past the kept window. */
export async function recordVitals(db: Db, vitals: readonly VitalEvent[], now = new Date()): Promise<void> {
  if (vitals.length === 0) return;
  const day = dhakaDay(now);
  const known = new Set((await db.selectDistinct({ route: clientVitals.route }).from(clientVitals).where(eq(clientVitals.day, day))).map((row) => row.route));
  const rows = new Map<string, Key & { buckets: number[]; samples: number }>();
  for (const vital of vitals) {
    if (!known.has(vital.route) && known.size < PAGES_PER_DAY) known.add(vital.route);
    const route = known.has(vital.route) ? vital.route : OTHER_PAGES;
    const id = [route, vital.connection, vital.name].join('\n');
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { day, route, connection: vital.connection, metric: vital.name, buckets: emptyHistogram(), samples: 0 }));
    row.buckets[bucketOf(vital.name, vital.value)]! += 1;
    row.samples += 1;
  }
  await db
    .insert(clientVitals)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [clientVitals.day, clientVitals.route, clientVitals.connection, clientVitals.metric],
      set: {
        buckets: sql`(select array_agg(coalesce(kept, 0) + coalesce(added, 0) order by i) from unnest(${clientVitals.buckets}, excluded.buckets) with ordinality as sums(kept, added, i))`,
        samples: sql`${clientVitals.samples} + excluded.samples`,
      },
    });
  await db.delete(clientVitals).where(lt(clientVitals.day, dhakaDay(dhakaMidnight(now, VITALS_KEPT_DAYS - 1))));
}

type Totals = Map<string, number[]>;

function add(totals: Totals, key: string, buckets: readonly number[]) {
  const histogram = totals.get(key) ?? emptyHistogram();
  totals.set(key, addInto(histogram, buckets));
}

const count = (histogram: readonly number[]) => histogram.reduce((sum, n) => sum + n, 0);

/** Each metric's p75 over the last `days` Dhaka days (today included): overall, per page, per connection and per day. */
export async function vitalsReport(db: Db, days: number, now = new Date()): Promise<VitalsReport> {
  const dayList = Array.from({ length: days }, (_, index) => dhakaDay(dhakaMidnight(now, days - 1 - index)));
  const rows = await db
    .select()
    .from(clientVitals)
    .where(and(gte(clientVitals.day, dayList[0]!), lt(clientVitals.day, dhakaDay(dhakaMidnight(now, -1)))));
  const metrics = VITAL_NAMES.map((name) => {
    const overall = emptyHistogram();
    const byPage: Totals = new Map();
    const byConnection: Totals = new Map();
    const byDay: Totals = new Map();
    for (const row of rows) {
      if (row.metric !== name) continue;
      addInto(overall, row.buckets);
      add(byPage, row.route, row.buckets);
      add(byConnection, row.connection, row.buckets);
      add(byDay, row.day, row.buckets);
    }
    const figures = (histogram: readonly number[]) => ({ p75: p75(name, histogram), samples: count(histogram) });
    return {
      name,
      goal: (VITAL_GOALS as Partial<Record<VitalName, number>>)[name] ?? null,
      overall: figures(overall),
      byPage: [...byPage]
        .map(([route, histogram]) => ({ route, ...figures(histogram) }))
        .sort((a, b) => b.samples - a.samples || a.route.localeCompare(b.route)),
      byConnection: CONNECTION_TYPES.filter((connection) => byConnection.has(connection)).map((connection) => ({
        connection,
        ...figures(byConnection.get(connection)!),
      })),
      daily: dayList.map((day) => ({ day, ...figures(byDay.get(day) ?? []) })),
    };
  });
  return { days, metrics };
}
