import type { NewsArticle } from '@bb/contracts';
import { manilaToday } from '../../shared/format';
import { instantToDateInput } from '../domain/dates';
import { newsProblems } from '../domain/forms';
import { TextAreaField, TextField } from '../ui/fields';
import { FormDialog } from '../ui/FormDialog';
import { ImageUpload } from '../ui/ImageUpload';
import { useDialogForm } from './useCatalogResource';

export interface NewsValues {
  title: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  /** yyyy-MM-dd, taken as Manila midnight by the server. */
  publishedAt: string;
}

const valuesOf = (article: NewsArticle | null): NewsValues =>
  article
    ? {
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        imageUrl: article.imageUrl,
        publishedAt: instantToDateInput(article.publishedAt),
      }
    : { title: '', excerpt: '', content: '', imageUrl: '', publishedAt: manilaToday() };

interface NewsDialogProps {
  open: boolean;
  /** The article being edited; null creates one. */
  article: NewsArticle | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: NewsValues) => void;
}

/** Create or edit mode; every opening starts from the article (or a blank form), so closing resets it. */
export function NewsDialog({ open, article, busy, onClose, onSubmit }: NewsDialogProps) {
  const { form, errors, validate, set } = useDialogForm(open, article, valuesOf, newsProblems);

  const submit = () => {
    if (validate()) onSubmit({ ...form, title: form.title.trim(), excerpt: form.excerpt.trim(), content: form.content.trim(), imageUrl: form.imageUrl.trim() });
  };

  return (
    <FormDialog
      open={open}
      title={article ? 'Edit Article' : 'Add Article'}
      submitLabel={article ? 'Save Changes' : 'Create Article'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Title" value={form.title} onChange={set('title')} required error={errors.title} />
      <TextAreaField
        label="Excerpt"
        rows={3}
        value={form.excerpt}
        onChange={set('excerpt')}
        required
        error={errors.excerpt}
        helper="A short summary shown on the news list."
      />
      <TextAreaField label="Content" rows={8} value={form.content} onChange={set('content')} required error={errors.content} />
      <TextField label="Published Date" type="date" value={form.publishedAt} onChange={set('publishedAt')} required error={errors.publishedAt} />
      <ImageUpload label="Image" value={form.imageUrl} onChange={set('imageUrl')} />
    </FormDialog>
  );
}
