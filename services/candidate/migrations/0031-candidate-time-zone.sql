-- The candidate's own time zone (docs/decisions/0557): the IANA name their browser gave when they last
-- booked or moved an interview, the zone the portal's slot picker showed them. The e-mails that name a time
-- say it in this zone; null until then (the e-mails then name the zone they use).
alter table candidates add column time_zone text;
