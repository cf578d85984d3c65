import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { fixtureFeedQueryOptions } from './feed-api';
import { FeedComposer } from './feed-composer';
import { FeedMessage } from './feed-message';
import { useComposer, useMessageActions } from './league-feed';

/** Messages shown under a race before 'show all'. */
const shownFirst = 5;

/**
 * A fixture's own messages under its minute race (issue 32): what members said about this
 * match, and a line to add one. Posted messages are in the league's chat too, marked with it.
 */
export const FixtureChat = ({ leagueId, fixtureId }: { leagueId: string; fixtureId: string }) => {
  const { t } = useTranslation();
  const chat = useQuery(fixtureFeedQueryOptions(leagueId, fixtureId));
  const { reply, ...composer } = useComposer(leagueId, fixtureId);
  const [all, setAll] = useState(false);
  const titleId = useId();
  const actions = useMessageActions(leagueId, reply);
  if (!chat.isSuccess) return null;
  const { messages, teams, moderator } = chat.data;
  const canPost = teams.length > 0;
  if (!canPost && messages.length === 0) return null;
  const shown = all ? messages : messages.slice(0, shownFirst);
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 border-t border-line pt-3"
      data-testid="fixture-chat"
    >
      <h3 id={titleId} className="text-sm font-bold text-fg">
        {t('leagues.feed.aboutMatch', { count: messages.length })}
      </h3>
      {shown.length > 0 ? (
        <ol className="flex flex-col">
          {shown.map((item) => (
            <FeedMessage
              key={item.id}
              item={item}
              moderator={moderator}
              canPost={canPost}
              actions={actions}
            />
          ))}
        </ol>
      ) : null}
      {messages.length > shown.length ? (
        <button
          type="button"
          className="min-h-11 self-start text-sm font-semibold text-brand-text hover:underline"
          onClick={() => setAll(true)}
        >
          {t('leagues.feed.showAll', { count: messages.length })}
        </button>
      ) : null}
      {canPost ? <FeedComposer teams={teams} compact {...composer} /> : null}
    </section>
  );
};
