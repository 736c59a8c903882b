-- Whether a share's receiver may share the device further: off unless the sharer chose it.
ALTER TABLE "device_shares" ADD COLUMN "can_reshare" boolean DEFAULT false NOT NULL;
