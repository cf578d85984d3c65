import type { Agent, TestApp } from './test-app';

let counter = 0;
/** A signed-up player with a unique e-mail. */
export const player = async (t: TestApp, name = `Player ${++counter}`): Promise<Agent> => {
  const agent = t.agent();
  await agent.signUp(`p${Date.now()}-${++counter}@example.com`, 'correct-horse-9', name);
  return agent;
};

/** A guest (anonymous session). */
export const guest = async (t: TestApp): Promise<Agent> => {
  const agent = t.agent();
  const res = await agent.post('/api/auth/sign-in/anonymous');
  if (res.status !== 200) throw new Error(`anonymous sign-in failed: ${res.status}`);
  return agent;
};

export const createLeague = async (
  agent: Agent,
  leagueName: string,
  teamName: string,
  extra: { secondTeamName?: string; competitionId?: string } = {},
) => {
  const res = await agent.post('/api/leagues', { leagueName, teamName, ...extra });
  if (res.status !== 201)
    throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    league: { id: string; name: string; inviteCode: string; competitionRoute: string };
    teams: { id: string; name: string }[];
    inviteLink: string;
  };
};
