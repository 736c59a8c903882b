-- A guard inside a batch of statements sent as one message: it fails the transaction with a
-- serialization failure (SQLSTATE 40001) when a conditional write touched fewer rows than expected,
-- so everything sent with it rolls back and the sender can read again and retry. An alarm evaluation
-- writes its engine states over the revisions it read, and the records of their transitions, this way.
CREATE FUNCTION expect_row_count(actual bigint, expected bigint) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  IF actual <> expected THEN
    RAISE EXCEPTION 'expected % rows written, % were', expected, actual USING ERRCODE = '40001';
  END IF;
  RETURN actual;
END
$$;
