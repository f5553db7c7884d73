-- Experiments were shown and addressed by their global id: #1 was one user's, #2 another's, and
-- the numbers told everyone how much the portal is used. Each user's experiments are now
-- numbered #1, #2… of their own (never reused: a counter per user remembers the last), and
-- addressed by an opaque reference. The global id stays as the key; an address with it keeps
-- working for its owner.
ALTER TABLE lab_experiment ADD COLUMN number INTEGER;
ALTER TABLE lab_experiment ADD COLUMN ref TEXT;
UPDATE lab_experiment SET number = numbered.n
  FROM (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS n FROM lab_experiment) numbered
  WHERE numbered.id = lab_experiment.id;
UPDATE lab_experiment SET ref = 'e' || substr(md5(random()::text || id::text || clock_timestamp()::text), 1, 16);
ALTER TABLE lab_experiment ALTER COLUMN number SET NOT NULL;
ALTER TABLE lab_experiment ALTER COLUMN ref SET NOT NULL;
CREATE UNIQUE INDEX lab_experiment_ref ON lab_experiment (ref);
CREATE UNIQUE INDEX lab_experiment_user_number ON lab_experiment (user_id, number);
CREATE TABLE lab_experiment_counter (
  user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last INTEGER NOT NULL
);
INSERT INTO lab_experiment_counter (user_id, last) SELECT user_id, max(number) FROM lab_experiment GROUP BY user_id;
