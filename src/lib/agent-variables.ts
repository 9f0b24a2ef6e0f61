import type { AgentVariables } from '@shared/contracts/origin.ts';
import { currentTrade } from './trade';
import { visitEstimate } from './visit';

/**
 * What the agent is told of this visit when a call, a chat or Call my phone starts: the
 * calculator's numbers when it shows an estimate, and the trade of the page; null when neither.
 */
export function agentVariables(): AgentVariables | null {
  const trade = currentTrade();
  const variables: AgentVariables = { ...visitEstimate(), ...(trade ? { trade } : {}) };
  return Object.keys(variables).length > 0 ? variables : null;
}
