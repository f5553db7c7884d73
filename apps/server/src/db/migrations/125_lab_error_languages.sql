-- A failed experiment's reason in each language (issue 17, R6/R10): one stored string was shown
-- unchanged to every reader, either in English alone (an exception's message) or in both languages
-- at once. Rows failed before this keep their one string in `error`.
ALTER TABLE lab_experiment ADD COLUMN error_zh text;
ALTER TABLE lab_experiment ADD COLUMN error_en text;
