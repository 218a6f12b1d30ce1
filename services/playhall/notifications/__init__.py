"""Notices: what a player is told, where and when (`notifier`), their settings and inbox
(`store`, `preferences`), and each outside channel (`webhook`, `push`, `mail`)."""
