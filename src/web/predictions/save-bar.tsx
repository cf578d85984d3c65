import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

interface SaveBarProps {
  saving: boolean;
  deleting: boolean;
  /** How many saved picks of the round shown Delete would remove (0 hides it). */
  deletable: number;
  unsaved: number;
  onSave: () => void;
  onDelete: () => void;
}

/** Save and Delete, kept in reach at the bottom of a phone screen, with the unsaved count. */
export const SaveBar = ({
  saving,
  deleting,
  deletable,
  unsaved,
  onSave,
  onDelete,
}: SaveBarProps) => {
  const { t } = useTranslation();
  return (
    <div
      data-sticky-save-bar
      className="sticky bottom-0 z-10 -mx-4 grid grid-cols-2 items-center gap-2 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex sm:flex-wrap sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
    >
      <Button
        className={deletable > 0 ? undefined : 'col-span-2'}
        onClick={() => {
          if (!saving) onSave();
        }}
        // Busy, not disabled: a disabled button drops the keyboard focus to the page; the board
        // sends one save per tap burst anyway.
        aria-disabled={saving || undefined}
        data-testid="save-predictions"
      >
        {saving ? t('predictions.saving') : t('predictions.save')}
      </Button>
      {deletable > 0 ? (
        <Button
          variant="secondary"
          onClick={onDelete}
          disabled={deleting}
          data-testid="delete-predictions"
        >
          {deleting ? t('predictions.deleting') : t('predictions.delete')}
        </Button>
      ) : null}
      {unsaved > 0 ? (
        <span role="status" className="text-sm font-medium text-warn-strong" data-testid="unsaved">
          {t('predictions.unsaved', { count: unsaved })}
        </span>
      ) : null}
    </div>
  );
};
