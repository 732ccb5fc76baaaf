/** The YAML configuration: its values and the loader that validates them. */
package org.dasgrid.core.config;
