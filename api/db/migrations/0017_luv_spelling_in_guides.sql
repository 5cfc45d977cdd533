-- The currency is 러브 everywhere (domain/brands.ts); the first guide spelled it 루브.
UPDATE "guides" SET "title" = replace("title", '루브', '러브'), "content" = replace("content", '루브', '러브') WHERE "title" LIKE '%루브%' OR "content" LIKE '%루브%';
