ALTER TABLE "alarm_records" ADD COLUMN "texts" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "texts" jsonb;--> statement-breakpoint
-- Records raised before texts were kept in both languages: Chinese as stored; English derived from
-- the default texts where the stored one is a default text, else the text as the developer typed it.
UPDATE "alarm_records" SET "texts" = jsonb_build_object(
  'zh-CN', jsonb_build_object('name', "name", 'message', "message"),
  'en-US', jsonb_build_object(
    'name', CASE "type" WHEN 'offline' THEN 'Offline alarm' WHEN 'power-off' THEN 'Power-off alarm' ELSE "name" END,
    'message', CASE
      WHEN "type" = 'offline' AND "message" LIKE '% 网关离线' THEN left("message", length("message") - 5) || ': the gateway is offline'
      WHEN "type" = 'power-off' AND "message" LIKE '% 网关断电' THEN left("message", length("message") - 5) || ': the gateway lost power'
      WHEN "type" = 'variable' AND "message" ~ '^.*：.* 当前值 .*$' THEN regexp_replace("message", '^(.*)：(.*) 当前值 (.*)$', '\1: \2 is \3')
      ELSE "message" END))
WHERE "texts" IS NULL;--> statement-breakpoint
-- Alarm messages already sent: English from their record's texts, with the notification's words.
UPDATE "messages" SET "texts" = jsonb_build_object(
  'zh-CN', jsonb_build_object('title', "messages"."title", 'body', "messages"."body"),
  'en-US', jsonb_build_object(
    'title', CASE
      WHEN "messages"."title" LIKE '【报警解除】%' THEN '[Alarm released] ' || replace(substr("messages"."title", 7), "r"."name", "r"."texts"->'en-US'->>'name')
      WHEN "messages"."title" LIKE '【报警】%' THEN '[Alarm] ' || replace(substr("messages"."title", 5), "r"."name", "r"."texts"->'en-US'->>'name')
      ELSE "messages"."title" END,
    'body', CASE
      WHEN "messages"."body" LIKE '%（已解除）' THEN ("r"."texts"->'en-US'->>'message') || ' (released)'
      ELSE "r"."texts"->'en-US'->>'message' END))
FROM "alarm_records" AS "r"
WHERE "messages"."type" = 'alarm' AND "messages"."subject_kind" = 'alarm-record' AND "r"."id" = "messages"."subject_id" AND "messages"."texts" IS NULL;
