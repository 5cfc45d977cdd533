-- The title the channel's next live starts with (the broadcast panel, the caster app), apart from
-- the channel's own name (`title`, 방송국 이름): a broadcast no longer renames the channel.
ALTER TABLE "channels" ADD COLUMN "live_title" text;
