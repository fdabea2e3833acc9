import { useEffect, useState } from 'react';
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { toast } from '../../shared/ui/toaster';
import { LineIcon } from './icons';

const COPIED_MS = 2000;

/** A read-only secret with a copy button that reads 'Copied!' for 2 seconds. */
export function CopyField({ label, value, helper }: { label: string; value: string; helper: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast.error('Failed to copy to clipboard.');
    }
  };

  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack w="full">
        <Input value={value} readOnly fontFamily="mono" fontSize="sm" />
        <Button variant="outline" onClick={() => void copy()} flexShrink={0} minW="6.5rem" aria-label={copied ? 'Copied!' : `Copy ${label}`}>
          <LineIcon name="copy" />
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </HStack>
      <Field.HelperText>{helper}</Field.HelperText>
    </Field.Root>
  );
}
