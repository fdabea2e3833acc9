import { MAX_UPLOAD_BYTES } from '@bb/contracts';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_EXTENSIONS = /\.(jpe?g|png)$/i;

/** What the picker accepts; the server checks the bytes again. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** What to say of a file that must not be sent (the console's toast, the pay page's field), or null when it may be uploaded. */
export function imageFileProblem(file: { name: string; type: string; size: number }): { title: string; description: string } | null {
  const typeOk = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_EXTENSIONS.test(file.name);
  if (!typeOk) return { title: 'Invalid file type', description: 'Please upload a JPG or PNG image' };
  if (file.size > MAX_UPLOAD_BYTES) return { title: 'File too large', description: 'Image must be less than 5MB' };
  return null;
}
