// `thurm agent report`: an agent tells thurm its lifecycle state (public API; see
// agent-reporting.txt, "Report lifecycle state"). Errors are never discarded.
import { AGENT_NAME, AGENT_STATUSES, checkResume, INSTANCE_ID, RESUME_ARGV, SESSION_ID, type AgentReportInput } from '../../agent/ownership.js';
import { ThurmError } from '../../errors.js';
import { field, type Output } from '../../fields.js';
import { WITHOUT_CONTROL } from '../../sanitize.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

function parseResumeJson(text: unknown): string[] | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(String(text));
  } catch {
    throw new ThurmError('INVALID_ARGUMENT', 'resume-json: not valid JSON');
  }
  return checkResume(value, 'resume-json');
}

// On the CLI each field is an option of its own: --owner-pid for owner_pid.
const REPORT = {
  agent: field.string({ max: 64, pattern: AGENT_NAME, expected: '1-64 of A-Z a-z 0-9 _ . + -' }).describe('agent kind, kept for the process lifetime').cli(),
  owner_pid: field.int({ min: 1 }).describe('PID of the agent process').cli({ describe: 'PID of the agent process (not of this command)' }),
  instance: field.string({ max: 128, pattern: INSTANCE_ID, expected: '1-128 printable ASCII characters, no spaces' }).describe('unique id made when the agent started').cli(),
  sequence: field.int().describe('increases with every report and release of the instance').cli({ describe: 'starts at 1, increases with every report and release' }),
  status: field.enum(AGENT_STATUSES).cli(),
  session_id: field.string({ max: 256, pattern: SESSION_ID, expected: '1-256 printable ASCII characters, no spaces' }).describe('omitted: kept').optional()
    .cli({ describe: 'the agent\'s session id (omitted: kept)' }),
  message: field.string({ max: 2048, pattern: WITHOUT_CONTROL, expected: 'text without control characters' }).describe('omitted: cleared').optional()
    .cli({ describe: 'status message (omitted: cleared)' }),
  resume_argv: RESUME_ARGV.nullable().optional()
    .cli({ name: 'resume-json', type: 'string', placeholder: 'JSON', describe: 'JSON array: the command that resumes this session', read: parseResumeJson }),
};

/** A checked report as the ownership rules take it. */
export function reportInput(r: Output<typeof REPORT>): AgentReportInput {
  return {
    agent: r.agent, ownerPid: r.owner_pid, instance: r.instance, sequence: r.sequence, status: r.status,
    sessionId: r.session_id, message: r.message, resume: r.resume_argv ?? undefined,
  };
}

export const agentReport = defineCommand({
  name: 'agent-report',
  group: 'agent',
  jsonReply: true,
  describe: 'Report an agent\'s lifecycle state for its pane',
  fields: { pane: paneField, report: field.object(REPORT).cli() },
  result: {},
  run: (ctx, a) => {
    ctx.mux.agentReport(resolvePane(ctx, a.pane), reportInput(a.report));
    return {};
  },
});
