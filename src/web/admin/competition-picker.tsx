import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Select } from '../ui/select';
import type { AdminCompetition } from './api';

const preferred = 'premier_league';

/** The competition chosen on the admin page, kept in `?competition=` so links and tabs share it. */
export const useCompetitionParam = (competitions: AdminCompetition[] | undefined) => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('competition');
  const list = competitions ?? [];
  const current =
    list.find((c) => c.id === requested) ?? list.find((c) => c.id === preferred) ?? list[0];
  const select = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('competition', id);
        return next;
      },
      { replace: true },
    );
  return [current ?? null, select] as const;
};

interface Props {
  competitions: AdminCompetition[];
  value: string;
  onChange: (id: string) => void;
}

export const CompetitionPicker = ({ competitions, value, onChange }: Props) => {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {t('admin.competition.label')}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full sm:w-72"
        data-testid="admin-competition"
      >
        {competitions.map((c) => (
          <option key={c.id} value={c.id}>
            {c.seasonLabel ? `${c.name} (${c.seasonLabel})` : c.name}
          </option>
        ))}
      </Select>
    </div>
  );
};
