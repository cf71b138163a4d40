/* tests/json.h - the suite reads its JSON data with the dmlref tool's parser (one parser, in cli/). */
#include "../cli/json.h"
