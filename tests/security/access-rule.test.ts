import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every league-level decision is made in src/server/access (issue 51): no other production file
 * of the server compares a user with a league's admin, asks whether a user is a member, or scans
 * a league's members or teams for the viewer. A player's own team checks (a team's `userId`
 * against the user saving for it) are not league-level decisions and stay where they are.
 */

const root = join(import.meta.dirname, '../../src/server');

const productionFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'access' ? [] : productionFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

/** What a league-level decision made by hand looks like. */
const handMadeDecisions: { name: string; pattern: RegExp; except?: string }[] = [
  {
    name: 'a comparison with the league admin',
    pattern: /adminUserId\s*[!=]==|[!=]==\s*[\w.?]*adminUserId\b/,
  },
  { name: 'a membership question', pattern: /\bisMember\s*\(|\bisBarred\s*\(/ },
  {
    name: "a scan of the league's members or teams for the viewer",
    pattern:
      /\.(some|every)\(\s*\(?(\w+)\)?\s*=>\s*\2\.(userId|user_id)\s*[!=]==\s*(viewer|user)\b/,
  },
  {
    name: "a read of the league's bars",
    pattern: /selectFrom\(\s*'league_bars/,
    // The bars' own repository: the admin's list of them, kept beside the writes.
    except: 'leagues/repository.ts',
  },
];

/** The line of every hand-made decision in `source` (the text of `file`, under src/server). */
const findDecisions = (source: string, file = '') =>
  source
    .split('\n')
    .flatMap((line, i) =>
      handMadeDecisions
        .filter((d) => d.except !== file && d.pattern.test(line))
        .map((d) => `${i + 1}: ${d.name}`),
    );

describe('league-level decisions live in the access module', () => {
  it('no other server file makes one by hand', () => {
    const found = productionFiles(root).flatMap((path) =>
      findDecisions(readFileSync(path, 'utf8'), relative(root, path)).map(
        (hit) => `${relative(root, path)}:${hit}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('recognises each kind of decision made by hand', () => {
    expect(
      findDecisions("if (league.adminUserId !== user.id) throw new AppError('NOT_LEAGUE_ADMIN');"),
    ).toHaveLength(1);
    expect(findDecisions('const admin = viewer.id === league.adminUserId;')).toHaveLength(1);
    expect(
      findDecisions('if (!(await repo.isMember(db, league.id, user.id))) throw x;'),
    ).toHaveLength(1);
    expect(
      findDecisions('const member = members.some((m) => m.userId === viewer.id);'),
    ).toHaveLength(1);
    expect(
      findDecisions('const member = data.teams.some((t) => t.user_id === user.id);'),
    ).toHaveLength(1);
    expect(findDecisions("db.selectFrom('league_bars').select('user_id')")).toHaveLength(1);
    // A player's own team check is not one.
    expect(
      findDecisions("if (team.userId !== user.id) throw new AppError('NOT_YOUR_TEAM');"),
    ).toEqual([]);
  });
});
