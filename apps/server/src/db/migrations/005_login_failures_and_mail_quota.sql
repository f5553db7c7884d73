-- Failed logins counted per account and client (its address, an IPv6 client by its /64), so that
-- one client's failures lock that client out of the account, not the account for everyone.
CREATE TABLE login_failures (
  user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  last_failed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  locked_at TIMESTAMPTZ,
  PRIMARY KEY (user_id, client)
);

-- Requests that mail an address (activation, recovery, already-registered notice), kept for an
-- hour to limit the mails one inbox receives whoever asks. The address is stored hashed: it may
-- belong to nobody registered.
CREATE TABLE mail_requests (
  id BIGSERIAL PRIMARY KEY,
  address_hash TEXT NOT NULL,
  requested_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX mail_requests_address_idx ON mail_requests (address_hash, requested_at);
