import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Center, Field, Flex, Image, Input, Text, VisuallyHidden } from '@chakra-ui/react';
import { uploadRoutes, type UploadResponse } from '@bb/contracts';
import { apiUpload, serverMessage } from '../../shared/api/request';
import { routeUrl } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { useSessionExpiry } from '../api';
import { IMAGE_ACCEPT, imageFileProblem } from '../../shared/forms/image-file';
import { LineIcon } from './icons';

/** The upload route with the bearer token attached, as the spec says; its URL as stored. */
async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const answer = (await (await apiUpload(routeUrl(uploadRoutes.upload), body)).json()) as UploadResponse;
  return answer.url;
}

interface ImageUploadProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  required?: boolean;
  error?: string;
}

/** Choose a JPG/PNG to upload or type an image URL; shows a preview and can be cleared. */
export function ImageUpload({ label, value, onChange, required, error }: ImageUploadProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [uploading, setUploading] = useState(false);
  const [broken, setBroken] = useState(false);
  const expired = useSessionExpiry();
  useEffect(() => setBroken(false), [value]);

  const pick = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast.error(problem.title, problem.description);
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadImage(file));
      toast.success('Image uploaded successfully');
    } catch (err) {
      if (!expired(err)) toast.error('Upload failed', serverMessage(err) ?? 'Unknown error occurred');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Flex gap="2" w="full" direction={{ base: 'column', sm: 'row' }}>
        <Input value={value} placeholder="https://… or upload a file" onChange={(e) => onChange(e.target.value)} />
        <VisuallyHidden>
          <label htmlFor={fileId}>Upload image file for {label}</label>
        </VisuallyHidden>
        <input id={fileId} ref={fileInput} type="file" accept={IMAGE_ACCEPT} hidden onChange={(e) => void pick(e.target.files?.[0])} />
        <Button variant="outline" onClick={() => fileInput.current?.click()} loading={uploading} loadingText="Uploading…" flexShrink={0}>
          Choose File
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange('')} flexShrink={0}>
            Clear
          </Button>
        )}
      </Flex>
      <Field.HelperText>JPG or PNG, at most 5MB.</Field.HelperText>
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
      {value && (
        <Box mt="2" w="full" maxW="xs" borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.muted">
          {broken ? (
            <Center h="32" gap="2" color="fg.muted">
              <LineIcon name="portfolio" />
              <Text fontSize="sm">Image preview not available</Text>
            </Center>
          ) : (
            <Image src={value} alt={`${label} preview`} maxH="48" w="full" objectFit="cover" onError={() => setBroken(true)} />
          )}
        </Box>
      )}
    </Field.Root>
  );
}
