-- What a meter supplies (issue 60): a household, a business or a farm, as the person marks it. The
-- standard load profile suggested for it stays within its class (households H0/H25, businesses G0–G6/
-- G25, farms L0–L2/L25 only when marked so); unmarked, its yearly energy decides between household and
-- business, and the suggestion says so. NULL: not marked. A sync never writes it.
ALTER TABLE meters ADD COLUMN usage_class TEXT CHECK (usage_class IS NULL OR usage_class IN ('household', 'business', 'agriculture'));
