-- Whether each document version is a tagged PDF (read from the file on upload). The rows stored
-- before it stay NULL, "unknown": SQL cannot parse a PDF, and neither site nor back-office claims
-- either way for them.
ALTER TABLE "document" ADD COLUMN "tagged" boolean;