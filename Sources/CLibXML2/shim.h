#ifndef C_LIBXML2_SHIM_H
#define C_LIBXML2_SHIM_H
/* libxml2: the XML pull reader for feeds and the HTML parser for article bodies. */
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/encoding.h>
#include <libxml/xmlerror.h>
#endif
