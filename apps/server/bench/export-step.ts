import { readFile } from 'node:fs/promises';
import { ADMIN_USERNAME } from '../src/cli/seed-large/plan';
import { signIn } from './sign-in';

/** Issue 16's goal: the server's memory during the export stays within this of its idle size. */
export const EXPORT_MEMORY_BUDGET_MB = 100;

export type ExportOutcome = { seconds: number; bytes: number; idleMb: number; peakMb: number; growthMb: number };

/** The resident memory of a process (Linux), in MB. */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match?.[1]) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * GET /admin/export of the large firm as its administrator, read to the end as a browser
 * would save it (bytes counted, not kept), while the server's resident memory is sampled.
 */
export async function benchExport(baseUrl: string, serverPid: number): Promise<ExportOutcome> {
  const session = await signIn(baseUrl, ADMIN_USERNAME);
  const idleMb = await residentMb(serverPid);
  let peakMb = idleMb;
  const sampler = setInterval(() => {
    residentMb(serverPid).then(
      (mb) => (peakMb = Math.max(peakMb, mb)),
      () => undefined,
    );
  }, 250);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${baseUrl}/admin/export`, { headers: { cookie: session.cookie } });
    if (!response.ok || !response.body) throw new Error(`GET /admin/export answered ${response.status}`);
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes, idleMb, peakMb, growthMb: peakMb - idleMb };
}

export function exportReport(outcome: ExportOutcome): string[] {
  const lines = [
    `Export of the large firm: ${(outcome.bytes / 1024 / 1024).toFixed(1)} MB ZIP in ${outcome.seconds.toFixed(1)} s; ` +
      `server memory ${outcome.idleMb.toFixed(0)} MB idle, ${outcome.peakMb.toFixed(0)} MB at most ` +
      `(+${outcome.growthMb.toFixed(0)} MB; goal under ${EXPORT_MEMORY_BUDGET_MB} MB).`,
  ];
  if (outcome.growthMb >= EXPORT_MEMORY_BUDGET_MB) {
    lines.push(`WARNING: the export grew the server's memory by ${outcome.growthMb.toFixed(0)} MB`);
  }
  return lines;
}
