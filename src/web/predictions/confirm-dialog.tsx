import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy?: boolean;
  tone?: 'primary' | 'danger';
  testId: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks once before something that cannot be undone (delete, discard). */
export const ConfirmDialog = ({
  open,
  title,
  description,
  confirmLabel,
  busy = false,
  tone = 'danger',
  testId,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={title}
      description={description}
      closeLabel={t('common.close')}
      testId={testId}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('predictions.cancel')}
        </Button>
        <Button
          variant={tone}
          disabled={busy}
          onClick={onConfirm}
          data-testid={`${testId}-confirm`}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
};
