-- Keep page_texts' rows narrow: a page's text and vector (a few KB) go to TOAST, so a search's
-- bitmap heap scan reads its matches' keys from a few dense blocks instead of one block per page.
ALTER TABLE "page_texts" SET (toast_tuple_target = 128);
