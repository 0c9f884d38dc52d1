package dev.idem.processor.model;

import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * A record or canonical-constructor class, defined once per tool class and referenced by key.
 *
 * @param key         its {@code $defs} key: the simple name, qualified when two types share it
 * @param javaType    the Java type
 * @param description from its Javadoc, may be empty
 * @param properties  constructor parameters, in declaration order
 */
public record NamedType(String key, TypeName javaType, String description, List<PropertyModel> properties) {}
