/** Idem's call journal on one PostgreSQL table, for many processes and replicas. */
module dev.idem.journal.postgres {
    requires transitive dev.idem.runtime;
    requires transitive java.sql;
    requires org.slf4j;

    exports dev.idem.journal.postgres;
}
