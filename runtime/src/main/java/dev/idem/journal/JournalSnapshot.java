package dev.idem.journal;

import java.nio.file.Path;
import java.util.Collection;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code snapshot.json} of a {@link FileCallJournal}: {@code {"generation": n, "records": [...]}},
 * the live records as of the start of log generation {@code n}. It is only ever replaced whole (a
 * temporary file forced and renamed into place), so a crash cannot cut it short: a snapshot that does
 * not read is damage from outside, refused with what is wrong rather than read as fewer records,
 * which would forget calls that may have run.
 */
final class JournalSnapshot {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private JournalSnapshot() {}

    static ObjectNode write(long generation, Collection<CallRecord> records) {
        ObjectNode snapshot = JsonNodeFactory.instance.objectNode();
        snapshot.put("generation", generation);
        ArrayNode all = snapshot.putArray("records");
        records.forEach(record -> all.add(RecordJson.write(record)));
        return snapshot;
    }

    /**
     * Feeds every record of the snapshot {@code text} read from {@code file} to {@code apply} and
     * returns its generation.
     *
     * @throws IllegalStateException naming the file, what is wrong and what to do, when the text is
     *                               not a whole snapshot
     */
    static long read(Path file, String text, Consumer<CallRecord> apply) {
        if (text.isBlank()) {
            throw damaged(file, "it is empty");
        }
        JsonNode snapshot;
        try {
            snapshot = MAPPER.readTree(text);
        } catch (JacksonException e) {
            throw damaged(file, "it is not complete JSON (" + e.getOriginalMessage() + ")");
        }
        if (snapshot == null || !snapshot.isObject()) {
            throw damaged(file, "it is not a JSON object");
        }
        JsonNode generation = snapshot.get("generation");
        if (generation == null || !generation.isIntegralNumber() || generation.asLong() < 1) {
            throw damaged(file, "its 'generation' is missing or not a positive integer");
        }
        JsonNode records = snapshot.get("records");
        if (records == null || !records.isArray()) {
            throw damaged(file, "its 'records' is missing or not an array");
        }
        for (int i = 0; i < records.size(); i++) {
            CallRecord record;
            try {
                record = RecordJson.read(records.get(i));
            } catch (RuntimeException e) {
                throw damaged(file, "record " + (i + 1) + " does not read (" + e.getMessage() + ")");
            }
            apply.accept(record);
        }
        return generation.asLong();
    }

    /**
     * The refusal to open without the snapshot that {@code log} continues from.
     *
     * @param file the snapshot's path
     * @param log  a log of a generation that snapshot started
     * @return an exception naming both files and what to do
     */
    static IllegalStateException missing(Path file, Path log) {
        return new IllegalStateException("call journal snapshot " + file + " is missing, but " + log + " continues"
                + " from it (the journal replaces its snapshot, never deletes it); restore"
                + " it from a backup. Opening without it would forget the calls it records, and a call that may have"
                + " run could run again; to start an empty journal on purpose, use a new directory");
    }

    private static IllegalStateException damaged(Path file, String what) {
        return new IllegalStateException("call journal snapshot " + file + " is damaged: " + what + " (the journal"
                + " replaces it whole, so no crash leaves it so); restore it from a backup. Moving it away would"
                + " forget the calls it records, and a call that may have run could run again");
    }
}
