import { RESULT_CATEGORIES, treatmentRoutes, type Result, type ResultCreate } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { resultProblems } from '../domain/forms';
import { SelectField, TextAreaField } from '../ui/fields';
import { FormDialog } from '../ui/FormDialog';
import { ImageUpload } from '../ui/ImageUpload';
import { useDialogForm } from './useCatalogResource';

const valuesOf = (r: Result | null) => ({
  treatmentId: r?.treatmentId ?? '',
  category: r?.category ?? '',
  description: r?.description ?? '',
  beforeImageUrl: r?.beforeImageUrl ?? '',
  afterImageUrl: r?.afterImageUrl ?? '',
});
interface ResultDialogProps {
  open: boolean;
  result: Result | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: ResultCreate) => void;
}

/** Related treatment, category, description and the before/after pictures. */
export function ResultDialog({ open, result, busy, onClose, onSubmit }: ResultDialogProps) {
  const treatments = useRoute(treatmentRoutes.list, { enabled: open });
  const { form, errors, validate, set } = useDialogForm(open, result, valuesOf, resultProblems);

  const submit = () => {
    if (!validate()) return;
    onSubmit({
      treatmentId: form.treatmentId || null,
      category: RESULT_CATEGORIES.find((c) => c === form.category) ?? '',
      description: form.description.trim(),
      beforeImageUrl: form.beforeImageUrl.trim(),
      afterImageUrl: form.afterImageUrl.trim(),
    });
  };

  const treatmentOptions = [{ value: '', label: 'No related treatment' }, ...(treatments.data ?? []).map((t) => ({ value: t.id, label: t.name }))];
  const categoryOptions = [{ value: '', label: 'No category' }, ...RESULT_CATEGORIES.map((c) => ({ value: c, label: c }))];
  return (
    <FormDialog
      open={open}
      title={result ? 'Edit Result' : 'Add Result'}
      submitLabel={result ? 'Save Changes' : 'Create'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <SelectField label="Related Treatment" value={form.treatmentId} onChange={set('treatmentId')} options={treatmentOptions} />
      <SelectField label="Category" value={form.category} onChange={set('category')} options={categoryOptions} />
      <TextAreaField label="Description" rows={4} value={form.description} onChange={set('description')} required error={errors.description} />
      <ImageUpload label="Before Image" value={form.beforeImageUrl} onChange={set('beforeImageUrl')} />
      <ImageUpload label="After Image" value={form.afterImageUrl} onChange={set('afterImageUrl')} />
    </FormDialog>
  );
}
