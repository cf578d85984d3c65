import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, LayoutGrid } from 'lucide-react';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { PageContainer, PageHeader } from '../ui/page';
import { rulesAtAGlance, rulesSections, type RulesSection } from './rules-content';

const ViewCompetitions = ({ testId }: { testId: string }) => {
  const { t } = useTranslation();
  return (
    <Link to="/competitions" className={buttonClasses('primary', 'lg')} data-testid={testId}>
      <LayoutGrid aria-hidden="true" className="size-5" />
      {t('rules.viewCompetitions')}
    </Link>
  );
};

/** A worked example: what you picked, how the match ended, what it scores. */
const Example = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const row = (label: string, value: string, strong = false) => (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="shrink-0 font-medium text-fg-muted sm:w-28">{label}</dt>
      <dd className={strong ? 'font-bold text-brand-text' : 'text-fg'}>{value}</dd>
    </div>
  );
  return (
    <dl
      className="flex flex-col gap-2 rounded-xl border border-line bg-surface-muted p-4 text-sm"
      data-testid={`rules-example-${id}`}
    >
      {row(t('rules.example.pick'), t(`rules.examples.${id}.pick`))}
      {row(t('rules.example.result'), t(`rules.examples.${id}.result`))}
      {row(t('rules.example.points'), t(`rules.examples.${id}.points`), true)}
    </dl>
  );
};

const Section = ({ section }: { section: RulesSection }) => {
  const { t } = useTranslation();
  const key = `rules.sections.${section.id}`;
  const Icon = section.icon;
  return (
    <Card className="flex flex-col gap-4" data-testid={`rules-section-${section.id}`}>
      <h2 id={`rules-${section.id}`} className="flex items-center gap-3 text-xl font-bold text-fg">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-success-soft text-success-strong">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {t(`${key}.title`)}
      </h2>
      {section.intro ? <p className="leading-relaxed text-fg-muted">{t(`${key}.intro`)}</p> : null}
      <ul className="flex list-disc flex-col gap-2 pl-5 leading-relaxed marker:text-brand-text">
        {section.items.map((item) => (
          <li key={item}>{t(`${key}.items.${item}`)}</li>
        ))}
      </ul>
      {section.examples?.length ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold uppercase tracking-wide text-fg-muted">
            {t(section.examples.length > 1 ? 'rules.example.titleMany' : 'rules.example.title')}
          </p>
          {section.examples.map((id) => (
            <Example key={id} id={id} />
          ))}
        </div>
      ) : null}
      {section.link ? (
        <Link
          to={section.link.to}
          className="inline-flex min-h-11 items-center gap-1.5 self-start font-semibold text-brand-text underline underline-offset-4"
          data-testid={section.link.testId}
        >
          {t(`${key}.link`)}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </Card>
  );
};

/** /rules (spec §2.17, docs/design.md §3): the rules the server actually applies, with examples. */
export const RulesPage = ({ leagueRules }: { leagueRules?: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title={t('rules.title')}
        subtitle={t('rules.subtitle')}
        actions={<ViewCompetitions testId="rules-view-competitions" />}
      />
      <ul
        aria-label={t('rules.glance.label')}
        className="pitch-hero on-dark mb-8 grid grid-cols-2 gap-3 rounded-2xl p-4 text-white shadow-sm sm:grid-cols-4 sm:p-5"
        data-testid="rules-glance"
      >
        {rulesAtAGlance.map(({ id, icon: Icon }) => (
          <li key={id} className="flex flex-col gap-1 rounded-xl bg-navy/60 p-3">
            {Icon ? (
              <Icon aria-hidden="true" className="size-8 py-0.5" />
            ) : (
              <span className="text-2xl font-black leading-8 tracking-tight">
                {t(`rules.glance.${id}.figure`)}
              </span>
            )}
            <span className="text-sm leading-snug">{t(`rules.glance.${id}.text`)}</span>
          </li>
        ))}
      </ul>
      {/* A signed-in player's active league may play rules of its own: they come first. */}
      {leagueRules ? <div className="mb-5">{leagueRules}</div> : null}
      <div className="flex flex-col gap-5">
        {rulesSections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </div>
      <Card className="mt-8 flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-bold text-fg">{t('rules.cta.title')}</h2>
          <p className="text-fg-muted">{t('rules.cta.text')}</p>
        </div>
        <ViewCompetitions testId="rules-view-competitions-bottom" />
      </Card>
    </PageContainer>
  );
};
