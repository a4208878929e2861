/**
 * The voucher-save load of bench/voucher-save.ts on PostgreSQL (TEST_DATABASE_URL), with the CPU
 * time each family of processes spent meanwhile (PostgreSQL backends, the server, this process
 * with autocannon), read from /proc every second. Shows which side a save's CPU goes to.
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres LOAD=60 npx tsx bench/save-load-cpu.ts
 * BENCH_FLOOR_SECONDS (default 20) sets the floor phase; BENCH_DEBUG=1 prints autocannon's per-second spread.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { voucherSaveBench } from './voucher-save';

type Ticks = Record<string, number>;

function ticks(): Ticks {
  const out: Ticks = {};
  for (const line of execSync('ps -eo pid,comm,args --no-headers').toString().split('\n')) {
    const m = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const [, pid, comm, args] = m;
    const family = comm.startsWith('postgres') ? 'postgres' : args.includes('src/server/main.ts') ? 'server' : args.includes('save-load-cpu') ? 'bench' : null;
    if (!family) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out[`${family}:${pid}`] = Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between ps and the read.
    }
  }
  return out;
}

const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL is needed (PostgreSQL)');
const samples: Ticks[] = [ticks()];
const timer = setInterval(() => samples.push(ticks()), 1000);
const result = await voucherSaveBench('postgres', url, { samples: 100, loadSeconds: Number(process.env.LOAD ?? 60) });
clearInterval(timer);
// Ticks are cumulative: the last reading of each process, less its first (PostgreSQL's backends outlive the run).
const first = samples[0];
const last: Ticks = {};
for (const s of samples) Object.assign(last, s);
const cpu: Record<string, number> = {};
for (const [key, value] of Object.entries(last)) {
  const family = key.split(':')[0];
  cpu[family] = (cpu[family] ?? 0) + value - (first[key] ?? 0);
}
console.log(JSON.stringify(result.load));
console.log('CPU seconds:', Object.entries(cpu).map(([k, v]) => `${k} ${(v / 100).toFixed(1)}`).join(', '));
