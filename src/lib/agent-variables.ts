import type { AgentVariables } from '@shared/contracts/origin.ts';
import { currentTrade } from './trade';
import { visitEstimate } from './visit';

/** Null when the calculator shows no estimate and the page has no trade. */
export function agentVariables(): AgentVariables | null {
  const trade = currentTrade();
  const variables: AgentVariables = { ...visitEstimate(), ...(trade ? { trade } : {}) };
  return Object.keys(variables).length > 0 ? variables : null;
}
