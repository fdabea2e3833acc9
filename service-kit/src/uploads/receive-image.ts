import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { MAX_UPLOAD_BYTES } from '@bb/contracts';
import { invalid, tooLarge } from '../errors';

// The file is held in memory: at most 5 MB, one file, and a few small fields besides.
const receive = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
}).single('image');

function uploadProblem(err: unknown): Error {
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return tooLarge('Image must be less than 5MB');
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return invalid(`Send the image in the multipart field "image" (got "${err.field ?? ''}")`);
    return invalid(`Upload refused: ${err.message}`);
  }
  // busboy's complaints about a malformed or cut-off multipart body.
  return invalid(`The upload could not be read: ${(err as Error).message}`);
}

/**
 * Parses a multipart image upload (the field `image`, at most 5 MB, and a few text fields)
 * before the handler, which finds the file in `req.file` and the fields in `req.body`; its
 * errors become clear 4xx answers. Mount it with onRoute before the route's bind().
 */
export function receiveImage(req: Request, res: Response, next: NextFunction): void {
  receive(req, res, (err: unknown) => next(err ? uploadProblem(err) : undefined));
}
