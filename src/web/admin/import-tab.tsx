import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, FileUp, Upload } from 'lucide-react';
import { toast } from '../ui/toast';
import { useErrorMessage } from '../ui/use-error-message';
import { SectionHeader } from '../ui/section-header';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input, inputClasses } from '../ui/input';
import { Select } from '../ui/select';
import { QueryView } from '../ui/query-view';
import { ErrorState, Notice } from '../ui/state';
import type { AdminCompetition } from './api';
import { useAdminCompetitions } from './api';
import { CompetitionPicker, useCompetitionParam } from './competition-picker';
import {
  importFormats,
  useImportApply,
  useImportPreview,
  type ImportFormat,
  type ImportRequest,
} from './import-api';
import { ImportCountsLine, ImportPreviewList } from './import-preview';
import { isTimeZone, TimeZoneOptions } from './time-zone-options';

const csvHeader = 'date,time,time_zone,home,away,round';
const sameRequest = (a: ImportRequest, b: ImportRequest) => JSON.stringify(a) === JSON.stringify(b);

const ImportForm = ({ competition }: { competition: AdminCompetition }) => {
  const { t } = useTranslation();
  const ids = useId();
  const errorMessage = useErrorMessage();
  const preview = useImportPreview();
  const apply = useImportApply();
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [timeZone, setTimeZone] = useState(competition.timeZone);
  const [season, setSeason] = useState(competition.seasonLabel);
  const [content, setContent] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<ImportRequest | null>(null);

  const request: ImportRequest = {
    competitionId: competition.id,
    format,
    content,
    ...(timeZone.trim() ? { timeZone: timeZone.trim() } : {}),
    season: season.trim(),
  };
  const upToDate = previewed !== null && sameRequest(previewed, request) && preview.data;
  const writable = upToDate ? preview.data.counts.new + preview.data.counts.changed : 0;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    if (/\.csv$/i.test(file.name)) setFormat('csv');
    if (/\.json$/i.test(file.name)) setFormat('openfootball');
    setContent(await file.text());
  };

  const runPreview = () => {
    if (content.trim() === '') return setError(t('admin.import.noContent'));
    if (timeZone.trim() && !isTimeZone(timeZone.trim()))
      return setError(t('admin.form.badTimeZone'));
    setError(null);
    const sent = request;
    preview.mutate(sent, { onSuccess: () => setPreviewed(sent) });
  };

  const runApply = () => {
    if (!upToDate) return;
    apply.mutate(request, {
      onSuccess: ({ counts }) => {
        toast.success(t('admin.import.applied'), {
          description: t('admin.import.appliedText', {
            added: counts.new,
            changed: counts.changed,
            unchanged: counts.unchanged,
            rejected: counts.rejected,
          }),
        });
        setPreviewed(null);
        preview.reset();
      },
      onError: (e) => toast.error(t('admin.import.applyError'), { description: errorMessage(e) }),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.import.format')}>
          <Select
            value={format}
            onChange={(e) => setFormat(e.target.value as ImportFormat)}
            className="w-full"
            data-testid="import-format"
          >
            {importFormats.map((f) => (
              <option key={f} value={f}>
                {t(`admin.import.formats.${f}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('admin.form.timeZone')} hint={t('admin.import.timeZoneHint')}>
          <Input
            value={timeZone}
            onChange={(e) => setTimeZone(e.target.value)}
            list={`${ids}-zones`}
            autoComplete="off"
            data-testid="import-time-zone"
          />
        </Field>
        <TimeZoneOptions id={`${ids}-zones`} />
        <Field label={t('admin.form.season')} hint={t('admin.import.seasonHint')}>
          <Input
            value={season}
            onChange={(e) => setSeason(e.target.value)}
            placeholder="2026-27"
            autoComplete="off"
            data-testid="import-season"
          />
        </Field>
      </div>
      <div className="rounded-xl border border-line bg-surface-muted p-4 text-sm text-fg">
        <p>{t('admin.import.help')}</p>
        <p className="mt-2">
          {t('admin.import.csvHelp')}{' '}
          <code
            className="break-all rounded bg-surface px-1.5 py-0.5 font-mono"
            data-testid="csv-header"
          >
            {csvHeader}
          </code>
        </p>
        <p className="mt-2 text-fg-muted">{t('admin.import.csvExample')}</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-file`} className="text-sm font-medium text-fg">
          {t('admin.import.file')}
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => void readFile(e)}
          data-testid="import-file"
          className="block w-full min-h-11 text-sm text-fg file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-surface file:px-4 file:font-semibold file:text-fg"
        />
        {fileName ? (
          <p className="text-sm text-fg-muted">
            {t('admin.import.fileLoaded', { name: fileName })}
          </p>
        ) : null}
      </div>
      <Field label={t('admin.import.paste')} error={error}>
        <textarea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={8}
          wrap="off"
          spellCheck={false}
          placeholder={`${csvHeader}\n2026-08-22,15:00,Europe/London,Arsenal FC,Chelsea FC,Matchday 2`}
          className={inputClasses(Boolean(error), 'min-h-40 py-2 font-mono text-sm')}
          data-testid="import-content"
        />
      </Field>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button
          variant="secondary"
          onClick={runPreview}
          disabled={preview.isPending}
          data-testid="import-preview"
        >
          <Eye aria-hidden="true" className="size-4" />
          {preview.isPending ? t('admin.import.previewing') : t('admin.import.preview')}
        </Button>
        <Button
          onClick={runApply}
          disabled={!upToDate || writable === 0 || apply.isPending}
          data-testid="import-apply"
        >
          <Upload aria-hidden="true" className="size-4" />
          {apply.isPending ? t('admin.import.applying') : t('admin.import.apply')}
        </Button>
      </div>
      {preview.isError ? (
        <ErrorState
          title={t('admin.import.previewError')}
          message={errorMessage(preview.error)}
          retryLabel={t('common.retry')}
          onRetry={runPreview}
        />
      ) : preview.data ? (
        <section
          aria-labelledby={`${ids}-preview`}
          className="flex flex-col gap-3"
          data-testid="import-result"
        >
          <h3 id={`${ids}-preview`} className="text-base font-bold text-fg">
            {t('admin.import.previewTitle')}
          </h3>
          {!upToDate ? <Notice tone="info">{t('admin.import.stale')}</Notice> : null}
          <ImportCountsLine counts={preview.data.counts} />
          <ImportPreviewList rows={preview.data.rows} timeZone={competition.timeZone} />
        </section>
      ) : null}
    </div>
  );
};

/** Fixtures and results from an openfootball file or a CSV, previewed before anything is written. */
export const ImportTab = () => {
  const { t } = useTranslation();
  const competitions = useAdminCompetitions();
  const [competition, select] = useCompetitionParam(competitions.data);
  return (
    <section
      aria-labelledby="import-heading"
      className="flex flex-col gap-5"
      data-testid="admin-import"
    >
      <SectionHeader
        id="import-heading"
        title={t('admin.import.title')}
        description={t('admin.import.description')}
        icon={FileUp}
      />
      {competitions.isPending || competitions.isError ? (
        <QueryView query={competitions} errorTitle={t('admin.fixtures.loadError')} />
      ) : competition ? (
        <>
          <CompetitionPicker
            competitions={competitions.data}
            value={competition.id}
            onChange={select}
          />
          <ImportForm key={competition.id} competition={competition} />
        </>
      ) : null}
    </section>
  );
};
