-- Failed logins to an address nobody has registered, counted as for an account (per client, and
-- from all clients together), so that the lock-out answers alike whether the account exists: a
-- registered address answered "locked" after five failures while an unknown one kept answering
-- "wrong password", which told which addresses have accounts (issue 28). The address is stored
-- hashed: it belongs to nobody.
CREATE TABLE login_failures_unknown (
  address_hash TEXT NOT NULL,
  client TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  last_failed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  locked_at TIMESTAMPTZ,
  PRIMARY KEY (address_hash, client)
);
